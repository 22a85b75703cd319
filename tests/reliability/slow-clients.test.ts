import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server.ts";
import { rawRequest } from "./support/raw-http.ts";

/** A raw TCP connection to the server, recording what comes back and when it closes. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk;
  });
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

describe("slow clients", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("cuts a client that never finishes its headers (slowloris) with 408 within about 15 s", async () => {
    const client = rawConnection(server.url);
    client.socket.write("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const drip = setInterval(() => client.socket.write("X-Drip: 1\r\n"), 1000);
    const after = await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(after).toBeGreaterThan(14_000);
    expect(after).toBeLessThan(20_000);
  }, 30_000);

  it("answers an address too long to read with 431 every time, never with a reset connection", async () => {
    const path = `/home?q=${"a".repeat(50_000)}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await rawRequest(server.url, { method: "GET", path });
      expect(response.status).toBe(431);
    }
  }, 60_000);

  it("keeps an idle keep-alive connection usable for longer than the headers limit", async () => {
    const client = rawConnection(server.url);
    const request = "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    client.socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    client.socket.write(request);
    await expect
      .poll(() => client.received().match(/HTTP\/1\.1 200/g)?.length ?? 0, { timeout: 5000 })
      .toBe(2);
    client.socket.destroy();
  }, 40_000);

  it("still answers everyone else while slow clients hold connections", async () => {
    const slow = Array.from({ length: 50 }, () => rawConnection(server.url));
    for (const client of slow)
      client.socket.write("POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n");
    const started = Date.now();
    const response = await fetch(`${server.url}/about`);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const client of slow) client.socket.destroy();
  });
});
