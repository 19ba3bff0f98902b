.start w0, top
top: exit
