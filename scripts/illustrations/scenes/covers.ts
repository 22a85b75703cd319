export function drawCover(_name: string, _alt: string) {
  return "";
}
