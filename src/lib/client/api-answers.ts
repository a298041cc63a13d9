import type { LeaveDto } from '../../domain/api/records.ts';

/**
 * The answers of the JSON API by path and method (type-only), so `api('/leaves?…')` is typed
 * without a hand-written generic. Paths outside this map keep `api<T>(path)`.
 */

/** A list: one page of records and the count of all that match. */
export interface ListAnswer<T> {
  data: T[];
  total: number;
}

/** A read: the one record. */
export interface ReadAnswer<T> {
  data: T;
}

/** A create or update: the record as saved and the translated confirmation. */
export interface SaveAnswer<T> {
  data: T;
  message: string;
}

/** A delete (and other actions that only confirm). */
export interface MessageAnswer {
  message: string;
}

/** The collections under `/api`: their list and written record, their read record, extra answer fields. */
interface Collections {
  '/leaves': { record: LeaveDto; read: LeaveDto; extra: unknown };
}

type Collection = keyof Collections;
type Query = '' | `?${string}`;

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `/leaves`, `/leaves?q=…`, `/leaves/12`, `/leaves/12?…`. */
export type CollectionPath = `${Collection}${Query}`;
export type ItemPath = `${Collection}/${number}${Query}`;
export type KnownPath = CollectionPath | ItemPath;

type WithoutQuery<P extends string> = P extends `${infer Base}?${string}` ? Base : P;

/** The answer of `method` on `path`; distributes over unions of both (`editing ? … : …`). */
export type AnswerOf<P extends KnownPath, M extends ApiMethod> = P extends unknown ? (M extends unknown ? PathAnswer<WithoutQuery<P>, M> : never) : never;

type PathAnswer<B extends string, M extends ApiMethod> = B extends Collection
  ? M extends 'GET'
    ? ListAnswer<Collections[B]['record']>
    : M extends 'POST'
      ? SaveAnswer<Collections[B]['record']> & Collections[B]['extra']
      : never
  : ItemAnswer<{ [C in Collection]: B extends `${C}/${number}` ? C : never }[Collection], M>;

type ItemAnswer<C extends Collection, M extends ApiMethod> = [C] extends [never]
  ? never
  : M extends 'GET'
    ? ReadAnswer<Collections[C]['read']>
    : M extends 'PATCH' | 'PUT'
      ? SaveAnswer<Collections[C]['record']> & Collections[C]['extra']
      : M extends 'DELETE'
        ? MessageAnswer
        : never;
