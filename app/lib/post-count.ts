/** "1 post", "3 posts": what goes with an account that is deleted. */
export function postCount(count: number): string {
  return count === 1 ? "1 post" : `${count} posts`;
}
