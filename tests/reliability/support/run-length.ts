/** RELIABILITY_LONG=1 turns the short default runs into the long ones. */
export const longRun = process.env.RELIABILITY_LONG === "1";
