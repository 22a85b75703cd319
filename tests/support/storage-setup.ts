import { startS3 } from "./s3.ts";

/**
 * With TEST_STORAGE=s3, every server the suite starts keeps its images and uploads in one
 * S3-compatible bucket on loopback (the variables reach the servers as TEST_*; see server.ts).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_STORAGE !== "s3") return undefined;
  const s3 = await startS3();
  for (const [name, value] of Object.entries(s3.env)) process.env[`TEST_${name}`] = value;
  return () => s3.stop();
}
