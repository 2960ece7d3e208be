-- AlterEnum
ALTER TYPE "AuditEntity" ADD VALUE 'CLOSURE';
