/**
 * The reference for signed-in rendering in `npm run bench:http`: the smallest React Router app
 * that renders a document from one SQLite read, served the way React Router's own server
 * serves an app (Express and the React Router request handler, one process). It shows what
 * the framework costs before any of a site's own work.
 *
 * Usage: node bench/minimal-app.ts <port> <sqlite file>
 */
import { PassThrough } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import { createReadableStreamFromReadable } from "@react-router/node";
import SQLite from "better-sqlite3";
import express from "express";
import { createElement as h, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
  useLoaderData,
} from "react-router";

const [port, file] = process.argv.slice(2);
const db = new SQLite(file ?? "");
db.exec("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT)");
db.prepare("INSERT OR REPLACE INTO notes VALUES (1, ?, ?)").run(
  "Notes from Moncur Street",
  "A short page, rendered on every request.",
);
const readNote = db.prepare("SELECT title, body FROM notes WHERE id = ?");

function Layout({ children }: { children: ReactNode }) {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h(Meta), h(Links)),
    h("body", null, children, h(Scripts)),
  );
}

function Note() {
  const note = useLoaderData<{ title: string; body: string }>();
  return h("main", null, h("h1", null, note.title), h("p", null, note.body));
}

function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(ServerRouter, { context, url: request.url }), {
      onAllReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

const entryRoute = {
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  imports: [],
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
};

const build: ServerBuild = {
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: () => h(Outlet), Layout } },
    note: {
      id: "note",
      parentId: "root",
      path: "note/:id",
      module: {
        default: Note,
        loader: ({ params }: LoaderFunctionArgs) => readNote.get(Number(params.id)),
      },
    },
  },
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: {
      root: { ...entryRoute, id: "root", path: "", hasLoader: false, module: "/assets/root.js" },
      note: {
        ...entryRoute,
        id: "note",
        parentId: "root",
        path: "note/:id",
        hasLoader: true,
        module: "/assets/note.js",
      },
    },
    url: "/assets/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
};

const app = express();
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
app.listen(Number(port), "127.0.0.1");
