/**
 * `npm run bench:uploads`: how long a 5 MB, 4000×3000 photo takes to upload and process,
 * the server's peak memory while doing it, and how /home and a login answer while four
 * uploads are being processed, against the same measurements with nothing else going on,
 * made in the same run. Everything runs on loopback against the production build.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { password, signedUp } from "../tests/support/author.ts";
import { photoJpeg } from "../tests/support/images.ts";
import { startServer } from "../tests/support/server.ts";
import { tusUpload, tusUploadWaitingOutBusy } from "../tests/support/tus.ts";
import { Visitor } from "../tests/support/visitor.ts";

const runs = 5;
const measureSeconds = 10;

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const server = await startServer();
const pid = server.pid;

/** /home under 8 connections while a reader logs in again and again, for the same seconds. */
async function responsiveness() {
  const logins: number[] = [];
  let measuring = true;
  const loggingIn = (async () => {
    while (measuring) {
      // A new visitor each time, with the form's token fetched first: only the login itself is timed.
      const visitor = new Visitor(server.url);
      const csrf = await visitor.formToken("/login");
      const started = performance.now();
      const response = await visitor.post("/login", { email: "reader@example.com", password, csrf });
      if (response.status !== 303) throw new Error(`login answered ${response.status}`);
      logins.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const home = await autocannon({ url: `${server.url}/home`, connections: 8, duration: measureSeconds });
  measuring = false;
  await loggingIn;
  return {
    rps: home.requests.average,
    p50: home.latency.p50,
    p99: home.latency.p99,
    errors: home.errors + home.non2xx,
    loginMs: {
      median: Math.round(median(logins)),
      max: Math.round(Math.max(...logins)),
      count: logins.length,
    },
  };
}

/**
 * One uploader: sends the photo again and again until told to stop. A busy server answers
 * 503 with Retry-After; the uploader waits that long and resumes the same upload, as the
 * site's own uploader does.
 */
async function uploadUntil(stop: () => boolean, cookie: string, photo: Buffer) {
  const counts = { processed: 0, busy: 0, refused: 0 };
  while (!stop()) {
    const { outcome, busyAnswers } = await tusUploadWaitingOutBusy(server.url, photo, {
      cookie,
      chunkSize: 5 * 1024 * 1024,
      stop,
    });
    counts.busy += busyAnswers;
    if (outcome.id) counts.processed++;
    else if (outcome.status !== 503) {
      counts.refused++;
      break;
    }
  }
  return counts;
}

await signedUp(server.url, "reader@example.com");
const author = await signedUp(server.url, "bench@example.com");
await author.post("/create-batch", {});
const uploaders = await Promise.all(
  [1, 2, 3, 4].map((n) => signedUp(server.url, `uploader${n}@example.com`)),
);
const photo = await photoJpeg(4000, 3000, 92);

const rssBefore = peakRssMb(pid);
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const outcome = await tusUpload(server.url, photo, {
    cookie: author.cookieHeader,
    chunkSize: 5 * 1024 * 1024,
  });
  if (!outcome.id) throw new Error(`upload failed: ${outcome.status} ${outcome.message}`);
  times.push(performance.now() - started);
}
const rssPeak = peakRssMb(pid);

const idle = await responsiveness();
let uploading = true;
const loads = uploaders.map((visitor) => uploadUntil(() => !uploading, visitor.cookieHeader, photo));
const busy = await responsiveness();
uploading = false;
const uploadCounts = await Promise.all(loads);
await server.stop();
const total = (key: "processed" | "busy" | "refused") => uploadCounts.reduce((sum, c) => sum + c[key], 0);

const results = {
  photo: { bytes: photo.length, width: 4000, height: 3000 },
  uploadAndProcessMs: { median: Math.round(median(times)), all: times.map(Math.round) },
  serverPeakRssMb: { beforeUploads: Math.round(rssBefore), afterUploads: Math.round(rssPeak) },
  atRest: idle,
  duringFourUploads: busy,
  uploadsDuringLoad: { processed: total("processed"), busyAnswers: total("busy"), refused: total("refused") },
  ratios: {
    rps: +(busy.rps / idle.rps).toFixed(2),
    p50: +(busy.p50 / Math.max(idle.p50, 0.01)).toFixed(2),
    p99: +(busy.p99 / Math.max(idle.p99, 0.01)).toFixed(2),
    loginMedian: +(busy.loginMs.median / Math.max(idle.loginMs.median, 1)).toFixed(2),
  },
};
console.table({
  "upload + process 5 MB (ms, median)": results.uploadAndProcessMs.median,
  "server peak RSS (MB)": results.serverPeakRssMb.afterUploads,
  "/home req/s at rest": Math.round(idle.rps),
  "/home req/s during 4 uploads": Math.round(busy.rps),
  "/home p99 ms at rest": idle.p99,
  "/home p99 ms during 4 uploads": busy.p99,
  "login ms at rest (median)": idle.loginMs.median,
  "login ms during 4 uploads (median)": busy.loginMs.median,
  "login ms at rest (slowest)": idle.loginMs.max,
  "login ms during 4 uploads (slowest)": busy.loginMs.max,
  "uploads processed during the load": results.uploadsDuringLoad.processed,
  "503 answers during the load": results.uploadsDuringLoad.busyAnswers,
  "ratio req/s (busy ÷ at rest)": results.ratios.rps,
  "ratio p99 (busy ÷ at rest)": results.ratios.p99,
  "ratio login (busy ÷ at rest)": results.ratios.loginMedian,
});
const out = path.resolve(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "uploads.json"), `${JSON.stringify(results, null, 2)}\n`);
