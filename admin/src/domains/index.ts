import DnsIcon from '@mui/icons-material/Dns';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { domainsData } from './domains.data.ts';

/** `/business/members/domains`: the business's domains (spec section 2). */
export const domains: TConsoleResource = {
  name: 'members/domains',
  list: lazy(() => import('./DomainsList.tsx').then((m) => ({ default: m.DomainsList }))),
  create: lazy(() => import('./DomainCreate.tsx').then((m) => ({ default: m.DomainCreate }))),
  icon: DnsIcon,
  recordRepresentation: 'domain',
  menuLabel: 'menu.domains',
  data: domainsData,
};
