/** How much of a search query is read, and how many of its words are searched for. */
export const searchLimits = { characters: 200, words: 8 } as const;
