/* wfgen: writes one constrained-random program (verif/gen.c) as assembler
 * source; every option is wf_gen_cli's (verif/gen_cli.c; wfgen --help). */
#include <stdio.h>

#include "wf_gen.h"

int main(int argc, char **argv) { return wf_gen_cli(argc, argv, stdout, stderr); }
