import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { addressBlock, clientAddress } from "~/.server/http/client-address.ts";

describe("the client's address", () => {
  it.each([
    // No trusted proxy: the socket's peer, whatever the headers say.
    ["::ffff:127.0.0.1", undefined, 0, "127.0.0.1"],
    ["203.0.113.7", "198.51.100.1", 0, "203.0.113.7"],
    ["2001:DB8:0:0::1", "198.51.100.1, 198.51.100.2", 0, "2001:db8::1"],
    // One proxy: the entry it appended, the rightmost; the client's own entries to its left are ignored.
    ["127.0.0.1", "203.0.113.7", 1, "203.0.113.7"],
    ["127.0.0.1", "10.9.9.9, 8.8.8.8, 203.0.113.7", 1, "203.0.113.7"],
    ["127.0.0.1", "10.9.9.9,203.0.113.7 ", 1, "203.0.113.7"],
    ["127.0.0.1", "::ffff:203.0.113.7", 1, "203.0.113.7"],
    ["127.0.0.1", "2001:0DB8::0:1", 1, "2001:db8::1"],
    // Two proxies (a CDN, then nginx): the second entry from the right.
    ["127.0.0.1", "10.9.9.9, 203.0.113.7, 192.0.2.10", 2, "203.0.113.7"],
    // Empty entries are not hops (as Express counts).
    ["127.0.0.1", "203.0.113.7, , 192.0.2.10", 2, "203.0.113.7"],
    // Fewer entries than hops: the furthest one reported, as Express does.
    ["127.0.0.1", "203.0.113.7", 3, "203.0.113.7"],
    // A proxy that sent no header: the socket's peer.
    ["127.0.0.1", undefined, 1, "127.0.0.1"],
    ["127.0.0.1", "", 1, "127.0.0.1"],
    // What is not an address is counted as one unknown client.
    ["127.0.0.1", "bogus", 1, "unknown"],
    ["127.0.0.1", "203.0.113.7:4711", 1, "unknown"],
    ["127.0.0.1", "[2001:db8::1]", 1, "unknown"],
    ["127.0.0.1", "010.0.0.1", 1, "unknown"],
    [undefined, undefined, 0, "unknown"],
    // The zone of a link-local address is the server's interface, not the client.
    ["fe80::1%eth0", undefined, 0, "fe80::1"],
  ])("socket %s, X-Forwarded-For %j, %i trusted → %s", (socket, forwardedFor, hops, expected) => {
    expect(clientAddress(socket, forwardedFor, hops)).toBe(expected);
  });

  it("spells each IPv6 address one way (RFC 5952)", () => {
    expect(clientAddress("2001:db8:0:0:1:0:0:1", undefined, 0)).toBe("2001:db8::1:0:0:1");
    expect(clientAddress("2001:db8:0:1:1:1:1:1", undefined, 0)).toBe("2001:db8:0:1:1:1:1:1");
    expect(clientAddress("0:0:0:0:0:0:0:1", undefined, 0)).toBe("::1");
    expect(clientAddress("::", undefined, 0)).toBe("::");
    expect(clientAddress("::ffff:c000:020a", undefined, 0)).toBe("192.0.2.10");
    expect(clientAddress("64:ff9b::192.0.2.10", undefined, 0)).toBe("64:ff9b::c000:20a");
  });
});

describe("the block throttles count an address under", () => {
  it("is an IPv4 address itself, an IPv6 address's /64", () => {
    expect(addressBlock("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBlock("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(addressBlock("2001:db8:aa:bb:ffff::9")).toBe("2001:db8:aa:bb::/64");
    expect(addressBlock("2001:db8:aa:bc::1")).toBe("2001:db8:aa:bc::/64");
    expect(addressBlock("::1")).toBe("::/64");
    expect(addressBlock("unknown")).toBe("unknown");
  });

  it("is the same for every address one subscriber's /64 can use", () => {
    const addresses = ["2001:db8:1:2::1", "2001:db8:1:2:dead:beef:0:1", "2001:DB8:1:2:ffff:ffff:ffff:ffff"];
    const blocks = addresses.map((address) => addressBlock(clientAddress(address, undefined, 0)));
    expect(new Set(blocks)).toEqual(new Set(["2001:db8:1:2::/64"]));
  });
});

/**
 * Express reads X-Forwarded-For and X-Forwarded-Proto itself for `req.ip` and `req.protocol`.
 * Given the same hop count it must land on the same entry, or the scheme and the address
 * would come from different proxies.
 */
describe("agreement with Express's `trust proxy` hop count", () => {
  const pieces = ["203.0.113.7", "198.51.100.1", "::ffff:10.0.0.1", "2001:db8::5", "", " ", "x", "\t"];
  const headers = Array.from({ length: 200 }, (_, index) => {
    const count = index % 6;
    const entries = Array.from({ length: count }, (_, n) => pieces[(index * 7 + n * 3) % pieces.length]);
    return entries.join(index % 2 ? "," : ", ");
  });

  it.each([0, 1, 2, 3])("with %i trusted proxies", async (hops) => {
    const app = express();
    app.set("trust proxy", hops);
    app.get("/", (req, res) => {
      res.json({
        express: clientAddress(req.ip, undefined, 0),
        ours: clientAddress(req.socket.remoteAddress, req.get("X-Forwarded-For"), hops),
        protocol: req.protocol,
      });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const forwardedFor of headers) {
        const response = await fetch(`http://127.0.0.1:${port}/`, {
          headers: { "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" },
        });
        const seen = (await response.json()) as { express: string; ours: string; protocol: string };
        expect(seen.ours, JSON.stringify(forwardedFor)).toBe(seen.express);
        expect(seen.protocol).toBe(hops === 0 ? "http" : "https");
      }
    } finally {
      server.close();
    }
  });
});
