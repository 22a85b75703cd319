/** A problem the person running the script can act on; its message is the whole story, on one line. */
export class Refusal extends Error {
  override name = "Refusal";
}
