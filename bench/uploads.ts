/**
 * `npm run bench:uploads`: how long a 5 MB, 4000×3000 photo takes to upload and process,
 * the server's peak memory while doing it, and how /home answers while four uploads are
 * being processed, against /home with nothing else going on, measured in the same run.
 * Everything runs on loopback against the production build.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { photoJpeg } from "../tests/support/images.ts";
import { startServer } from "../tests/support/server.ts";
import { tusUpload } from "../tests/support/tus.ts";
import { Visitor } from "../tests/support/visitor.ts";

const runs = 5;

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function homeLatency(url: string, seconds: number) {
  const result = await autocannon({ url: `${url}/home`, connections: 8, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const server = await startServer();
const pid = server.pid;
const visitor = new Visitor(server.url);
await visitor.register("bench@example.com", "jacaranda-1921");
await visitor.logIn("bench@example.com", "jacaranda-1921");
await visitor.post("/create-batch", {});
const photo = await photoJpeg(4000, 3000, 92);
const cookie = visitor.cookieHeader;

const rssBefore = peakRssMb(pid);
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const outcome = await tusUpload(server.url, photo, { cookie, chunkSize: 5 * 1024 * 1024 });
  if (!outcome.id) throw new Error(`upload failed: ${outcome.status} ${outcome.message}`);
  times.push(performance.now() - started);
}
const rssPeak = peakRssMb(pid);

const idle = await homeLatency(server.url, 10);
let uploading = true;
const uploaders = Array.from({ length: 4 }, async () => {
  let done = 0;
  while (uploading) {
    await tusUpload(server.url, photo, { cookie, chunkSize: 5 * 1024 * 1024 });
    done++;
  }
  return done;
});
const busy = await homeLatency(server.url, 10);
uploading = false;
const processedDuringLoad = (await Promise.all(uploaders)).reduce((a, b) => a + b, 0);
await server.stop();

const results = {
  photo: { bytes: photo.length, width: 4000, height: 3000 },
  uploadAndProcessMs: { median: Math.round(median(times)), all: times.map(Math.round) },
  serverPeakRssMb: { beforeUploads: Math.round(rssBefore), afterUploads: Math.round(rssPeak) },
  home: { idle, duringFourUploads: busy, processedDuringLoad },
  ratios: {
    rps: +(busy.rps / idle.rps).toFixed(2),
    p50: +(busy.p50 / Math.max(idle.p50, 0.01)).toFixed(2),
    p99: +(busy.p99 / Math.max(idle.p99, 0.01)).toFixed(2),
  },
};
console.table({
  "upload + process 5 MB (ms, median)": results.uploadAndProcessMs.median,
  "server peak RSS (MB)": results.serverPeakRssMb.afterUploads,
  "/home req/s idle": Math.round(idle.rps),
  "/home req/s during 4 uploads": Math.round(busy.rps),
  "/home p99 ms idle": idle.p99,
  "/home p99 ms during 4 uploads": busy.p99,
  "ratio req/s (busy ÷ idle)": results.ratios.rps,
  "ratio p99 (busy ÷ idle)": results.ratios.p99,
});
const out = path.resolve(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "uploads.json"), `${JSON.stringify(results, null, 2)}\n`);
