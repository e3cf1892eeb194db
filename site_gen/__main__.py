from site_gen.cli import main

main()
