# Shared by the regression runner's tests (sourced): is a run's report the
# same as a reference run's, seed for seed? Needs `bad` (prints, counts).

# key facts of a report, seed for seed (times and paths aside)
facts() { python3 - "$1" <<'EOP'
import json, sys
s = json.load(open(sys.argv[1]))
print(s["state"], s["not_run"])
for r in s["results"]:
    print(r["id"], r["status"], r["kind"], r["message"], r.get("reproduced"))
EOP
}
# same_run DIR REF WHAT: the report facts, every seed's drawn options and
# program, and the JUnit testcase and failure counts equal REF's
same_run() {
  local a=$1 b=$2 s
  [ "$(facts "$a/summary.json")" = "$(facts "$b/summary.json")" ] ||
    bad "$3: report differs from the reference run: $(diff <(facts "$a/summary.json") <(facts "$b/summary.json") | head -6)"
  for s in $(ls "$b" | grep -E '^[0-9]+$'); do
    cmp -s "$a/$s/prog.s" "$b/$s/prog.s" && cmp -s "$a/$s/options.txt" "$b/$s/options.txt" ||
      bad "$3: seed $s drew another program or configuration"
  done
  [ "$(grep -c '<testcase' "$a/junit.xml")" = "$(grep -c '<testcase' "$b/junit.xml")" ] &&
    [ "$(grep -c '<failure' "$a/junit.xml")" = "$(grep -c '<failure' "$b/junit.xml")" ] || bad "$3: JUnit differs"
}
