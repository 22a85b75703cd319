import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { loopbackFetch } from "./loopback-fetch.ts";
import { noticeOnce } from "./notices.ts";
import { toolRuns } from "./tools.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The nginx configuration the README gives to copy; the tests run exactly this, on their own ports. */
export const exampleConfigFile = path.join(root, "docs", "nginx.conf.example");

// Debian puts nginx in /usr/sbin, which is not on an ordinary user's PATH.
const nginxPath = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));

export const nginxAvailable = nginxPath !== undefined && toolRuns("openssl", ["version"]);

if (!nginxAvailable) {
  const message = "The reverse-proxy tests need nginx and openssl (Debian: apt-get install nginx openssl).";
  if (process.env.CI) throw new Error(message);
  noticeOnce(`${message} Skipping them.`);
}

export interface Certificate {
  /** PEM files: the certificate (also what clients trust) and its key. */
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1, valid for a day. */
export function selfSignedCertificate(dir: string): Certificate {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

/** Replaces the one occurrence of `text`; an example that no longer has it fails loudly. */
function replaceOnce(config: string, text: string, replacement: string): string {
  const parts = config.split(text);
  if (parts.length !== 2) throw new Error(`${exampleConfigFile} should contain "${text}" once`);
  return parts.join(replacement);
}

/**
 * The README's server block with the test's port, certificate and upstream, inside a main
 * configuration that keeps everything in `dir`: pid, logs and temporary files.
 */
function configuration(dir: string, port: number, upstream: string, certificate: Certificate): string {
  let server = readFileSync(exampleConfigFile, "utf8");
  server = replaceOnce(server, "listen 443 ssl;", `listen 127.0.0.1:${port} ssl;`);
  server = replaceOnce(server, "/etc/ssl/certs/www.example.org.pem", certificate.cert);
  server = replaceOnce(server, "/etc/ssl/private/www.example.org.key", certificate.key);
  server = replaceOnce(server, "http://127.0.0.1:3000", upstream);
  const temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`)
    .join("\n");
  // Run by root, nginx would hand requests to workers running as nobody, who cannot enter `dir`.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : "";
  return `${user}
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
access_log off;
${temporary}
${server}
}
`;
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx in front of `upstream` on 127.0.0.1:`port`, with only the files in `dir`. */
export async function startNginx(
  dir: string,
  port: number,
  upstream: string,
  certificate: Certificate,
): Promise<RunningNginx> {
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, configuration(dir, port, upstream, certificate));
  const child: ChildProcess = spawn(
    nginxPath as string,
    ["-p", dir, "-e", path.join(dir, "error.log"), "-c", conf, "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `https://127.0.0.1:${port}`;
  const send = loopbackFetch({ ca: readFileSync(certificate.cert, "utf8") });
  const errorLog = () =>
    existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited during start:\n${output}${errorLog()}`);
    try {
      if ((await send(`${url}/status`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in time:\n${output}${errorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
