import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  IMPORT_LIMITS,
  ImportList,
  ImportListQuery,
  ImportParams,
  ImportReport,
  ImportRowsPage,
  ImportRowsQuery,
  ImportSummary,
  manifestTemplateRows,
} from '@rebound/contract/admin-import';
import { API } from '@rebound/contract/routes';
import { toCsv } from '@rebound/core/manifest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMediaStorage } from '../../adapters/storage';
import type { MediaStorage } from '../../adapters/storage/types';
import { AppError } from '../../lib/errors';
import { badText } from '../../lib/input-guard';
import { requireActiveStaff } from '../staff';
import type { StoredImage } from './manifest';
import * as service from './service';

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function isCsv(fieldname: string, filename: string, mimetype: string) {
  return (
    fieldname === 'csv' ||
    /\.(csv|txt)$/i.test(filename) ||
    mimetype === 'text/csv' ||
    mimetype === 'application/vnd.ms-excel'
  );
}

/**
 * Reads one CSV and any number of photos (up to the limits) from a multipart upload. Photos are
 * checked and resized as they arrive (one in memory at a time), so a large drop never sits in
 * memory whole. Whatever goes wrong answers with a clear 4xx and leaves no stored photo behind.
 */
async function readUpload(request: FastifyRequest, storage: MediaStorage, importId: string) {
  if (!request.isMultipart()) throw new AppError('import_not_multipart');
  let csv: { fileName: string; bytes: Buffer } | null = null;
  const images: StoredImage[] = [];
  const seen = new Set<string>();
  let current = 'The file';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      current = part.filename || 'The file';
      // A file name is kept with the import: the same text rules as every other input (lib/input-guard.ts).
      const bad = badText(current);
      if (bad === 'nul') throw new AppError('invalid_characters');
      if (bad) throw new AppError('unpaired_surrogate', { params: { field: 'the file name' } });
      const bytes = await part.toBuffer();
      if (isCsv(part.fieldname, current, part.mimetype)) {
        if (csv) throw new AppError('import_two_csv', { params: { name: current } });
        if (bytes.length > IMPORT_LIMITS.maxCsvBytes) {
          throw new AppError('import_csv_too_large', { params: { limit: MB(IMPORT_LIMITS.maxCsvBytes) } });
        }
        csv = { fileName: current, bytes };
        continue;
      }
      // The same photo twice in one drop: the first one counts.
      const key = current.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      images.push(await service.storeImportImage(storage, importId, { fileName: current, bytes }));
    }
  } catch (err) {
    await service.deleteImportImages(storage, images);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('image_too_large', {
        params: { name: current, limit: MB(IMPORT_LIMITS.maxImageBytes) },
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('import_too_many_images', { params: { limit: String(IMPORT_LIMITS.maxImages) } });
    }
    throw new AppError('image_upload_invalid');
  }
  if (!csv) {
    await service.deleteImportImages(storage, images);
    throw new AppError('import_no_csv');
  }
  return { csv, images };
}

/** /api/admin/imports: the manifest import (staff only: the admin guard covers the prefix). */
export async function adminImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const storage = createMediaStorage(config);

  // Only this plugin (and the catalogue's) parses multipart bodies; its limits are the import's.
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.maxImageBytes,
      files: IMPORT_LIMITS.maxImages + 1,
      fields: 10,
      parts: IMPORT_LIMITS.maxImages + 11,
      fieldSize: 1024,
    },
  });

  app.get(API.adminImportTemplate, async (_request, reply) => {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="rebound-manifest-template.csv"')
      .send(toCsv(manifestTemplateRows()));
  });

  app.get(
    API.adminImports,
    { schema: { querystring: ImportListQuery, response: { 200: ImportList } } },
    async (request) => {
      requireActiveStaff(request);
      return service.listImports(db, request.query.page, request.query.pageSize);
    },
  );

  app.post(API.adminImports, { schema: { response: { 201: ImportSummary } } }, async (request, reply) => {
    const staff = requireActiveStaff(request);
    const id = randomUUID();
    const { csv, images } = await readUpload(request, storage, id);
    try {
      const summary = await service.createPreview(
        db,
        staff.id,
        { id, fileName: csv.fileName, csv: csv.bytes, images },
        clock.now(),
      );
      return reply.status(201).send(summary);
    } catch (err) {
      await service.deleteImportImages(storage, images);
      throw err;
    }
  });

  app.get(
    API.adminImportPattern,
    { schema: { params: ImportParams, response: { 200: ImportSummary } } },
    async (request) => {
      requireActiveStaff(request);
      return service.getImport(db, request.params.id);
    },
  );

  app.get(
    API.adminImportRowsPattern,
    { schema: { params: ImportParams, querystring: ImportRowsQuery, response: { 200: ImportRowsPage } } },
    async (request) => {
      requireActiveStaff(request);
      return service.importRows(db, request.params.id, request.query);
    },
  );

  app.post(
    API.adminImportStartPattern,
    { schema: { params: ImportParams, response: { 202: ImportSummary } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const summary = await service.startImport(db, staff.id, request.params.id, clock.now());
      return reply.status(202).send(summary);
    },
  );

  app.post(
    API.adminImportDiscardPattern,
    { schema: { params: ImportParams, response: { 200: ImportSummary } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.discardImport(db, storage, staff.id, request.params.id, clock.now());
    },
  );

  app.get(
    API.adminImportReportPattern,
    { schema: { params: ImportParams, response: { 200: ImportReport } } },
    async (request) => {
      requireActiveStaff(request);
      return service.importReport(db, request.params.id);
    },
  );

  app.get(API.adminImportReportCsvPattern, { schema: { params: ImportParams } }, async (request, reply) => {
    requireActiveStaff(request);
    const report = await service.importReport(db, request.params.id);
    const base = report.import.fileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '-') || 'import';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${base}-report.csv"`)
      .send(service.reportCsv(report));
  });
}
