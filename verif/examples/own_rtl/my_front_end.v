// Worked example of "Verifying your own front end" (docs/verification.md):
// a design with its own top-module name and its own file list that
// implements the trace contract (§11) with wf_core's parameters and ports.
// Here it is only a wrapper around wf_core, so it must pass every harness
// exactly as wf_core does; a front end of your own replaces the instance.
//   WF_RTL_FILES="rtl/wf.vlt rtl/wf_*.v verif/examples/own_rtl/my_front_end.v" \
//   WF_TOP=my_front_end make regress SEEDS=2 CSEEDS=0
// (verif/examples/own_rtl/test.sh runs that, and shows a wrong WF_TOP refused).
// The size parameters are the harness's -G options; the ports are wf_core's,
// generated from the trace contract's tables (scripts/wf/layout.py PORTS:
// rtl/wf_core_ports.vh and the `WF_CORE_CONN_* macros of rtl/wf_defs.vh;
// obs_version_o reports the layout's version).
`include "wf_defs.vh"
module my_front_end #(
`include "wf_core_sizes.vh"  // wf_core's size parameters (generated)
) (
`include "wf_core_ports.vh"  // wf_core's ports (generated)
);
  wf_core #(
      `WF_CORE_PASS_SIZES
  ) u_core (
      `WF_CORE_CONN_ALL
  );
endmodule
