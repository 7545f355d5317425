import { formatDateKeyLong as coreDateKeyLong } from '@rebound/core/shop-clock-formats';

/** A Vancouver date key in full: 'Tuesday, November 25, 2026' (as the pickup notices say it). */
export const formatDateKeyLong = coreDateKeyLong;
