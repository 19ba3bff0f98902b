# wfsim-options: --ibuf 08 --lanes 4
movi r1, 3
exit
