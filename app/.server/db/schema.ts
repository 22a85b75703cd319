import type { Insertable, Selectable, Updateable } from "kysely";

/** Times are stored as milliseconds since the epoch in both dialects. */
export interface PostsTable {
  slug: string;
  title: string;
  content: string;
  publishedOn: number;
  coverImageUrl: string;
  userId: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: number;
}

export interface Database {
  posts: PostsTable;
  rateLimits: RateLimitsTable;
}

export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;
export type PostRowUpdate = Updateable<PostsTable>;
