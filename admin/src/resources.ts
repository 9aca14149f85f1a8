import { admins } from './admins/index.ts';
import { profile } from './profile/index.ts';
import type { TConsoleResource } from './resource.ts';

/**
 * The console's resources, each a folder with its views and data (see resource.ts). Adding one
 * is its folder plus one line here: the router, the menu, the data provider and `canAccess`
 * pick it up.
 */
export const RESOURCES: readonly TConsoleResource[] = [profile, admins];
