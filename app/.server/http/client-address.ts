import { isIPv4, isIPv6 } from "node:net";

/** What an address nobody can vouch for is counted as: all such requests share one throttle. */
const unknownAddress = "unknown";

/**
 * The client's address. Each proxy appends the address it was connected from to
 * X-Forwarded-For, so behind `trustedHops` proxies the client is that many entries from the
 * right; entries further left were sent by the client and prove nothing. With no trusted
 * proxy it is the socket's peer. Counted the way Express counts its `trust proxy` hops, so
 * `req.protocol` and this address always come from the same proxy.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  // Nearest first: the socket's peer, then what each proxy reported, right to left. Like
  // Express, spaces around an entry are dropped and empty entries skipped.
  const reported = (forwardedFor ?? "").split(",").map((entry) => entry.replace(/^ +| +$/g, ""));
  const chain = [socketAddress, ...reported.filter((entry) => entry !== "").reverse()];
  return canonical(chain[Math.min(trustedHops, chain.length - 1)]);
}

/**
 * The block throttles count an address under: an IPv4 address alone, an IPv6 address with
 * its /64, since one subscriber is usually given a whole /64 and can use any address in it.
 */
export function addressBlock(address: string): string {
  if (!isIPv6(address)) return address;
  return `${formatIPv6([...ipv6Groups(address).slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed in lower case. */
function canonical(address: string | undefined): string {
  if (address === undefined) return unknownAddress;
  if (isIPv4(address)) return address;
  const withoutZone = address.replace(/%.*$/, "");
  if (!isIPv6(withoutZone)) return unknownAddress;
  const groups = ipv6Groups(withoutZone);
  const mapped = groups.slice(0, 6).join(":") === "0:0:0:0:0:65535";
  if (mapped) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((group) => [group >> 8, group & 255]).join(".");
  return formatIPv6(groups);
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parts = (text: string | undefined) =>
    (text ? text.split(":") : []).flatMap((part) => {
      if (!part.includes(".")) return [Number.parseInt(part, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = part.split(".").map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const front = parts(head);
  const back = parts(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/** RFC 5952: lower-case hex, the longest run of two or more zero groups (the first if tied) as "::". */
function formatIPv6(groups: number[]): string {
  let runStart = -1;
  let runLength = 0;
  for (let start = 0; start < groups.length; ) {
    let end = start;
    while (groups[end] === 0) end++;
    if (end - start > runLength && end - start >= 2) [runStart, runLength] = [start, end - start];
    start = end + 1;
  }
  const hex = groups.map((group) => group.toString(16));
  if (runStart < 0) return hex.join(":");
  return `${hex.slice(0, runStart).join(":")}::${hex.slice(runStart + runLength).join(":")}`;
}
