import { execFileSync } from "node:child_process";
import { noticeOnce } from "./notices.ts";
import { toolRuns } from "./tools.ts";

/**
 * Reads Prometheus' text format with the Prometheus project's own Python client (Debian:
 * python3-prometheus-client), the parser its tooling trusts, rather than a pattern of ours.
 */
const python = "/usr/bin/python3";

export const prometheusParserAvailable = toolRuns(python, ["-c", "import prometheus_client.parser"]);

if (!prometheusParserAvailable) {
  const message =
    "The metrics tests read /metrics with Prometheus' Python client: install it (Debian: apt-get install python3-prometheus-client).";
  if (process.env.CI) throw new Error(message);
  noticeOnce(`${message} Skipping them.`);
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  /** As the parser names it: a counter's without its `_total`. */
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const script = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
families = [
    {"name": f.name, "type": f.type, "help": f.documentation,
     "samples": [{"name": s.name, "labels": s.labels, "value": None if math.isnan(s.value) else s.value}
                 for s in f.samples]}
    for f in text_string_to_metric_families(sys.stdin.read())
]
json.dump(families, sys.stdout)
`;

/** The families of an exposition; throws when the parser rejects the text. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = JSON.parse(
    execFileSync(python, ["-c", script], { input: text, encoding: "utf8" }),
  ) as Family[];
  return new Map(families.map((family) => [family.name, family]));
}

/** The sum of a family's samples named `sampleName` whose labels include `labels`. */
export function total(
  family: Family | undefined,
  sampleName: string,
  labels: Record<string, string> = {},
): number {
  return (family?.samples ?? [])
    .filter(
      (sample) =>
        sample.name === sampleName &&
        Object.entries(labels).every(([name, value]) => sample.labels[name] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
