// The returns API's paths (returns.ts has the shapes; error codes in returns-errors.ts). Kept out of
// routes.ts so the shop and product pages, which load routes.ts, do not carry them.
export const RETURN_API = {
  /** GET: the shopper's returns; POST {orderId, reason, note}: ask to return an order. */
  meReturns: '/api/me/returns',
  /** GET: one of the shopper's returns with its history. */
  meReturn: (id: string) => `/api/me/returns/${encodeURIComponent(id)}`,
  meReturnPattern: '/api/me/returns/:id',
  /** GET ?days&startDate: drop-off times (the pickup schedule's slots before the deadline). */
  meReturnDropOffSlots: (id: string) => `/api/me/returns/${encodeURIComponent(id)}/drop-off-slots`,
  meReturnDropOffSlotsPattern: '/api/me/returns/:id/drop-off-slots',
  /** PUT {slotId}: book or move the drop-off. */
  meReturnDropOff: (id: string) => `/api/me/returns/${encodeURIComponent(id)}/drop-off`,
  meReturnDropOffPattern: '/api/me/returns/:id/drop-off',
  /** POST: withdraw the request (frees the drop-off's place). */
  meReturnWithdraw: (id: string) => `/api/me/returns/${encodeURIComponent(id)}/withdraw`,
  meReturnWithdrawPattern: '/api/me/returns/:id/withdraw',
  /** POST multipart (field `photos`): add photos (at most 4 in all). */
  meReturnPhotos: (id: string) => `/api/me/returns/${encodeURIComponent(id)}/photos`,
  meReturnPhotosPattern: '/api/me/returns/:id/photos',
  /**
   * GET: one photo of a return (a JPEG), for the shopper who owns the return and for staff only
   * (the session is checked; anyone else gets 404, a visitor 401). Photos are never under /media.
   */
  returnPhoto: (id: string, photoId: string) =>
    `/api/returns/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`,
  returnPhotoPattern: '/api/returns/:id/photos/:photoId',
  /** GET ?page&pageSize&q&state&dueToday&locationId&sort&dir (staff): returns. */
  adminReturns: '/api/admin/returns',
  /** GET (staff): one return with the shopper, checklist and decisions. */
  adminReturn: (id: string) => `/api/admin/returns/${encodeURIComponent(id)}`,
  adminReturnPattern: '/api/admin/returns/:id',
  /** POST {checklist, note}: the item is at the desk. */
  adminReturnReceive: (id: string) => `/api/admin/returns/${encodeURIComponent(id)}/receive`,
  adminReturnReceivePattern: '/api/admin/returns/:id/receive',
  /** POST multipart (field `photos`): the desk's photos of the item. */
  adminReturnPhotos: (id: string) => `/api/admin/returns/${encodeURIComponent(id)}/photos`,
  adminReturnPhotosPattern: '/api/admin/returns/:id/photos',
  /** POST: refund it (once, however many staff press it). */
  adminReturnRefund: (id: string) => `/api/admin/returns/${encodeURIComponent(id)}/refund`,
  adminReturnRefundPattern: '/api/admin/returns/:id/refund',
  /** POST {reason, itemKept}: refuse it (the shopper reads the reason). */
  adminReturnRefuse: (id: string) => `/api/admin/returns/${encodeURIComponent(id)}/refuse`,
  adminReturnRefusePattern: '/api/admin/returns/:id/refuse',
} as const;
