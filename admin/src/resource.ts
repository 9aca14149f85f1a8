/**
 * A console resource: one folder (`admin/src/<name>/`) with its views, its inputs and how its
 * records come from the spec's calls; listed once in `resources.ts`. The data provider, the
 * router (`<Resource>`), the menu and `canAccess` all read it from there.
 */
import type { ComponentType } from 'react';
import type { DataProvider, RaRecord } from 'react-admin';
import type { TPageAccess } from './access.ts';

/** The data provider methods a resource answers, without the resource argument. */
type Methods = Pick<
  DataProvider,
  'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'update' | 'create' | 'delete'
>;
export type TResourceData = {
  [K in keyof Methods]?: Methods[K] extends (resource: string, params: infer P) => infer R
    ? (params: P) => R
    : never;
};

export type TConsoleResource = {
  /** The resource name, which is also its path below /business (`/business/<name>`). */
  name: string;
  /** Who may use it (spec section 6); business resources are for admins. */
  access?: TPageAccess;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /** How one record is named in titles and references. */
  recordRepresentation?: string | ((record: RaRecord) => string);
  /**
   * Its label key (locales/<lang>/admin.json): the menu entry of a resource with a list view,
   * and its name in react-admin's texts. Without it, no menu entry.
   */
  menuLabel?: string;
  /** How its records come from the spec's calls (see providers/dataProvider.ts). */
  data: TResourceData;
};
