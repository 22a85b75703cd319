/** The hidden field that carries a form's anti-forgery token (see app/.server/http/form-token.ts). */
export const formTokenField = "csrf";
