import { randomInt } from "node:crypto";
import { countAccounts, signUp } from "../accounts/auth.ts";
import { setRoleByEmail } from "../accounts/members.ts";
import { countPosts } from "../posts/posts.ts";
import { createSampleBatch } from "../posts/samples.ts";
import { oneInstanceAtATime, prepareDatabase } from "../startup.ts";
import { db } from "./index.ts";

/** The development database's accounts; the first one is an owner and writes the sample set. */
const sampleEmails = ["maria.nguyen@example.com", "tom.reilly@example.com", "priya.shah@example.com"];

/** No 0/O, 1/l/I: a password read off a terminal is typed correctly the first time. */
const passwordAlphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 12 random characters in groups of four (about 70 bits), within the forms' length limits. */
function samplePassword(): string {
  const group = () =>
    Array.from({ length: 4 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join("");
  return [group(), group(), group()].join("-");
}

/** A database that already holds data is left alone; the message says what it holds. */
export class SeedRefusal extends Error {
  override name = "SeedRefusal";
}

export interface SeededAccount {
  email: string;
  password: string;
  role: "owner" | "author";
  posts: number;
}

/**
 * Fills an empty development database: a few accounts with fresh random passwords (returned,
 * for printing) and the sample set under the first. Refuses, changing nothing, when there is
 * any account or post; the check and the writes hold the same lock as schema changes, so two
 * runs at once cannot both find the database empty.
 */
export async function seedDevelopmentData(): Promise<SeededAccount[]> {
  await prepareDatabase();
  return oneInstanceAtATime(async () => {
    const [accounts, posts] = [await countAccounts(), await countPosts(db())];
    if (accounts > 0 || posts > 0) {
      throw new SeedRefusal(
        `the database already has ${accounts} accounts and ${posts} posts; seeding fills only an empty one`,
      );
    }
    const seeded: SeededAccount[] = [];
    for (const email of sampleEmails) {
      const password = samplePassword();
      const result = await signUp(email, password);
      if (!result.ok) throw new SeedRefusal(`${email} already has an account`);
      const samples = seeded.length === 0;
      if (samples) {
        await setRoleByEmail(db(), email, "owner");
        await createSampleBatch(db(), result.userId);
      }
      seeded.push({
        email,
        password,
        role: samples ? "owner" : "author",
        posts: samples ? await countPosts(db()) : 0,
      });
    }
    return seeded;
  });
}
