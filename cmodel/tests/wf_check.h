/* Shared tail of every Check test binary: run the suite, print Check's
 * summary line, exit nonzero when any test failed. */
#ifndef WF_CHECK_H
#define WF_CHECK_H
#include <check.h>
#include <stdlib.h>

static inline int wf_run_suite(Suite *s)
{
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
#endif
