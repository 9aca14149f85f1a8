import { activity, activityLists } from './activity/index.ts';
import { admins } from './admins/index.ts';
import { aes } from './aes/index.ts';
import { apiUsers } from './api-users/index.ts';
import { domains } from './domains/index.ts';
import { extras } from './extras/index.ts';
import { invitations, members } from './members/index.ts';
import { profile } from './profile/index.ts';
import type { TConsoleResource } from './resource.ts';
import { seals } from './seals/index.ts';
import { settings } from './settings/index.ts';
import { signerGroups } from './signer-groups/index.ts';

/**
 * The console's resources, each a folder with its views and data (see resource.ts). Adding one
 * is its folder plus one line here: the router, the menu, the data provider and `canAccess`
 * pick it up. The menu follows this order.
 */
export const RESOURCES: readonly TConsoleResource[] = [
  activity,
  members,
  domains,
  signerGroups,
  seals,
  apiUsers,
  settings,
  profile,
  aes,
  extras,
  admins,
  invitations,
  ...activityLists,
];
