import { describe, expect, it } from 'vitest';
import { maintenanceEffect } from './maintenance.ts';

describe('maintenanceEffect', () => {
  it('does nothing without a maintenance in progress', () => {
    expect(maintenanceEffect(null, false)).toBe('none');
    expect(maintenanceEffect({ status: 'scheduled', isBlocking: true, url: null }, false)).toBe(
      'none',
    );
  });
  it('shows the banner for a non-blocking maintenance', () => {
    expect(
      maintenanceEffect(
        { status: 'in_progress', isBlocking: false, url: 'https://status.example' },
        false,
      ),
    ).toBe('banner');
  });
  it('redirects for a blocking one unless the staff cookie bypasses it', () => {
    const blocking = { status: 'in_progress', isBlocking: true, url: null } as const;
    expect(maintenanceEffect(blocking, false)).toBe('redirect');
    expect(maintenanceEffect(blocking, true)).toBe('banner');
  });
});
