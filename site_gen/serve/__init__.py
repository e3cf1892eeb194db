"""`site-gen serve`: the web server, the watcher, and the rebuild a change starts."""
