/* fstvalue FILE.fst SIGNAL TIME: the value of SIGNAL (a full name without
 * the bit range, e.g. TOP.obs_wb_data_o) at TIME, printed as its bits, MSB
 * first; exit 1 when the file or the signal is not there. Reads with the FST
 * reader Verilator ships (gtkwave/fstapi.c), so a test can check what a
 * harness wrote into its waves (verif/cosim/smoke.sh: the expected-value
 * waves hold the model's value at the first difference). Built by
 * verif/cosim/smoke.sh: cc -I$VERILATOR_ROOT/include/gtkwave fstvalue.c
 * fstapi.c fastlz.c lz4.c -lz. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstapi.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: fstvalue FILE.fst SIGNAL TIME\n");
        return 2;
    }
    void *ctx = fstReaderOpen(argv[1]);
    if (!ctx) {
        fprintf(stderr, "fstvalue: %s: not an FST file\n", argv[1]);
        return 1;
    }
    char scope[4096] = "";
    fstHandle want = 0;
    unsigned bits = 0;
    struct fstHier *h;
    while (!want && (h = fstReaderIterateHier(ctx))) {
        if (h->htyp == FST_HT_SCOPE) {
            size_t n = strlen(scope);
            snprintf(scope + n, sizeof scope - n, "%s%s", n ? "." : "", h->u.scope.name);
        } else if (h->htyp == FST_HT_UPSCOPE) {
            char *dot = strrchr(scope, '.');
            if (dot) *dot = 0;
            else scope[0] = 0;
        } else if (h->htyp == FST_HT_VAR) {
            char full[4400];
            snprintf(full, sizeof full, "%s.%s", scope, h->u.var.name);
            char *sp = strchr(full, ' '); /* "obs_o [341:0]": the range is not part of the name */
            if (sp) *sp = 0;
            if (!strcmp(full, argv[2])) want = h->u.var.handle, bits = h->u.var.length;
        }
    }
    if (!want) {
        fprintf(stderr, "fstvalue: %s: no signal %s\n", argv[1], argv[2]);
        fstReaderClose(ctx);
        return 1;
    }
    char *buf = malloc(bits + 1);
    fstReaderSetFacProcessMaskAll(ctx);
    const char *v = buf ? fstReaderGetValueFromHandleAtTime(ctx, strtoull(argv[3], NULL, 0), want, buf) : NULL;
    if (v) printf("%s\n", v);
    free(buf);
    fstReaderClose(ctx);
    return v ? 0 : 1;
}
