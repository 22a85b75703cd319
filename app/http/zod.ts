import { z } from "zod";

// Schemas that also run in the browser import zod from here: the script policy forbids eval,
// which zod's compiled fast path would try (and report as a policy violation).
z.config({ jitless: true });

export { z };
