from site_gen.entry import main

main()
