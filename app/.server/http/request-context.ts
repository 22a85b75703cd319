import { createContext } from "react-router";

/**
 * What the server decides about a request before the application sees it. The server puts
 * it in React Router's load context for every request; loaders, actions and the document
 * renderer read it with `context.get(requestContext)`. Nothing a client sends can set it.
 */
export interface RequestContext {
  /** Shared by the request's log line, its error page and its `X-Request-Id` header. */
  id: string;
  /** The script nonce of this response's Content-Security-Policy. */
  nonce: string;
  /** The client's address, as the trusted proxies report it (see client-address.ts). */
  clientAddress: string;
}

export const requestContext = createContext<RequestContext>();
