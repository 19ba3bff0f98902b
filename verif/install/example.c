/* A program outside the tree using the installed library (tests/tools/test_install.py
 * builds it with `pkg-config --cflags --libs warpfront`):
 *   example PROGRAM.s STATE.json [NAME=VALUE ...]
 * assembles PROGRAM, configures the machine (NAME as wfsim's options, with
 * wfsim's range messages), runs the cycle model to done, prints
 * "cycles C instructions I" and writes the final state as wfsim --dump-state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <warpfront.h>

int main(int argc, char **argv)
{
    char err[512];
    if (argc < 3) {
        fprintf(stderr, "usage: example PROGRAM.s STATE.json [NAME=VALUE ...]\n");
        return 2;
    }
    wf_config cfg;
    wf_config_default(&cfg);
    for (int i = 3; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq) {
            fprintf(stderr, "example: %s: expected NAME=VALUE\n", argv[i]);
            return 2;
        }
        *eq = '\0';
        if (wf_config_set(&cfg, argv[i], eq + 1, err, sizeof err)) {
            fprintf(stderr, "example: %s\n", err);
            return 2;
        }
    }
    if (wf_config_check(&cfg, err, sizeof err)) {
        fprintf(stderr, "example: %s\n", err);
        return 2;
    }
    wf_program prog;
    if (wf_assemble_file(argv[1], cfg.regs, &prog, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    wf_model *m = wf_model_create(&cfg, err, sizeof err);
    int rc = 1;
    wf_arch_state st = {0};
    if (!m || wf_model_load(m, &prog, NULL, err, sizeof err) ||
        wf_model_run(m, 10000000, err, sizeof err)) {
        fprintf(stderr, "example: %s\n", err);
        goto out;
    }
    const wf_stats *s = wf_model_stats(m);
    printf("cycles %llu instructions %llu\n", (unsigned long long)s->cycles,
           (unsigned long long)s->instructions);
    if (wf_model_final_state(m, &st)) {
        fprintf(stderr, "example: out of memory\n");
        goto out;
    }
    FILE *f = fopen(argv[2], "w");
    if (!f || (wf_arch_write_json(&st, f) | fclose(f))) {
        fprintf(stderr, "example: %s: cannot write the final state\n", argv[2]);
        goto out;
    }
    rc = 0;
out:
    wf_arch_free(&st);
    wf_model_destroy(m);
    wf_program_free(&prog);
    return rc;
}
