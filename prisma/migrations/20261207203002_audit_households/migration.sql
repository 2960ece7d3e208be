-- AlterEnum
ALTER TYPE "AuditEntity" ADD VALUE 'HOUSEHOLD';
