const eventName = "woollahra:toast";

/** Shows a notice in the layout's toast from anywhere in the browser (uploads, for one). */
export function showToast(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(eventName, { detail: message }));
}

export function onToast(listener: (message: string) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(eventName, handler);
  return () => window.removeEventListener(eventName, handler);
}
