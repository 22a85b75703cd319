/** Runs a command-line script so that every failure ends as one line on stderr and a non-zero exit. */
export async function runScript(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${name}: ${message.split("\n")[0]}`);
    process.exitCode = 1;
  }
}
