/**
 * A memo of a function's answers that holds at most `limit` of them, forgetting the oldest
 * first: for work that is asked again and again with the same input (a cookie's signature, a
 * path's route), where visitors can make up any number of other inputs.
 */
export function remembered<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute(key);
    if (answers.size >= limit) answers.delete(answers.keys().next().value as string);
    answers.set(key, answer);
    return answer;
  };
}
