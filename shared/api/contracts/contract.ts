// The wire contract of one call (DESIGN "Contracts"): its path from the paths table and one zod schema for
// each part — path params, query, body and the answer. Client types are inferred from these schemas; the
// server validates requests with them; the preview parses requests and is checked against the answers.
// Only `import type` from the elements: zod itself stays off the login box's first load.
import type { z } from 'zod';
import type { ApiPath } from '../paths';

export interface Contract {
  /** The entry of the paths table this call answers on. */
  readonly route: ApiPath;
  /** The `{name}` placeholders of the path. */
  readonly params?: z.ZodType;
  /** The query string (values as the client sends them: strings). */
  readonly query?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /** The JSON answer on success (no transforms: what is parsed is what was sent). */
  readonly response: z.ZodType;
  /** The success status (default 200). */
  readonly status?: number;
}

/** Declares a call's contract (keeps its literal types). */
export const contract = <const C extends Contract>(c: C): C => c;

type Schema<C, K extends keyof Contract> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** The body a client sends (the schema's input: defaults may be left out). */
export type BodyOf<C extends Contract> = z.input<Schema<C, 'body'>>;
/** The query a client sends. */
export type QueryOf<C extends Contract> = z.input<Schema<C, 'query'>>;
/** The path params of the call. */
export type ParamsOf<C extends Contract> = z.input<Schema<C, 'params'>>;
/** The answer of the call. */
export type AnswerOf<C extends Contract> = z.output<C['response']>;

/** A family's contracts, keyed like its group of the paths table. */
export type Contracts = Readonly<Record<string, Contract>>;

// ---------------------------------------------------------------------------------------------------------
// Compatibility with Frontegg's published types (`@frontegg/rest-api`), checked at compile time in
// `frontegg.typecheck.ts`: our answer must carry every field their declared interface requires.

/** Their `Date` fields travel as strings. */
type Wire<T> = T extends Date ? string : T extends readonly (infer U)[] ? Wire<U>[] : T;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** `true` when `Ours` has every required field of `Theirs`; else names the missing fields. */
export type CarriesRequired<Ours, Theirs> = [Exclude<RequiredKeys<Wire<Theirs>>, keyof Ours>] extends [never]
  ? true
  : { missing: Exclude<RequiredKeys<Wire<Theirs>>, keyof Ours> };
