import { createHmac } from "node:crypto";

/** RFC 4648 base32, as the setup page shows the key, to bytes. */
export function base32Bytes(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows (RFC 6238 over RFC 4226, HMAC-SHA-1): written here from
 * the RFCs, not taken from the site, so the tests check the site against the standard.
 */
export function totp(key: Buffer, at = Date.now(), { digits = 6, periodSeconds = 30 } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / periodSeconds)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac.at(-1) as number) & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code for the key the setup page shows in base32, now or `at`. */
export function codeFor(secret: string, at = Date.now()): string {
  return totp(base32Bytes(secret), at);
}
