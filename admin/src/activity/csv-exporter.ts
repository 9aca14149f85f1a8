import { CSV_BOM, CSV_UNPARSE_CONFIG } from '@signet/shared/activity/activity.constants';
import Papa from 'papaparse';
import { downloadCSV, type Exporter } from 'react-admin';

/**
 * react-admin's export of what a list shows, written by papaparse with the same rules as the
 * server's exports (shared's CSV_UNPARSE_CONFIG: RFC 4180, formula cells escaped) and a BOM.
 */
export function csvExporter(name: string, columns: readonly string[]): Exporter {
  return (records) => {
    const rows = records.map((r: Record<string, unknown>) => columns.map((c) => r[c] ?? ''));
    const csv = Papa.unparse({ fields: [...columns], data: rows }, CSV_UNPARSE_CONFIG);
    downloadCSV(`${CSV_BOM}${csv}`, name);
  };
}
