/** The raw value of cookie `name` in the request, as the browser sent it. */
export function cookieValue(request: Request, name: string): string | undefined {
  const pair = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}
