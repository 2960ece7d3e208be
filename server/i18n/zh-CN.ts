import { zhCNCatchUp } from './zh-CN-catch-up';
import { zhCNClasses } from './zh-CN-classes';
import { zhCNCover } from './zh-CN-cover';
import { zhCNFamilies } from './zh-CN-families';
import { zhCNHouseholdSites } from './zh-CN-household-sites';
import { zhCNIdempotency } from './zh-CN-idempotency';
import { zhCNLessons } from './zh-CN-lessons';
import { zhCNLocationReports } from './zh-CN-location-reports';
import { zhCNLocations } from './zh-CN-locations';
import { zhCNLocationsCore } from './zh-CN-locations-core';
import { zhCNMakeUps } from './zh-CN-make-ups';
import { zhCNMessageVolume } from './zh-CN-message-volume';
import { zhCNMoney } from './zh-CN-money';
import { zhCNOperations } from './zh-CN-operations';
import { zhCNPayments } from './zh-CN-payments';
import { zhCNPlaces } from './zh-CN-places';
import { zhCNPrivacy } from './zh-CN-privacy';
import { zhCNReceipts } from './zh-CN-receipts';
import { zhCNRefusals } from './zh-CN-refusals';
import { zhCNRules } from './zh-CN-rules';
import { zhCNSeats } from './zh-CN-seats';
import { zhCNSiteLimits } from './zh-CN-site-limits';
import { zhCNSms } from './zh-CN-sms';
import { zhCNStatements } from './zh-CN-statements';
import { zhCNWebhooks } from './zh-CN-webhooks';

/** Every text the server shows a person, English → Chinese (the catalog `text.ts` renders from). */
export const zhCN = {
  ...zhCNRules,
  ...zhCNOperations,
  ...zhCNRefusals,
  ...zhCNClasses,
  ...zhCNMoney,
  ...zhCNReceipts,
  ...zhCNFamilies,
  ...zhCNSms,
  ...zhCNPayments,
  ...zhCNPrivacy,
  ...zhCNStatements,
  ...zhCNCover,
  ...zhCNSeats,
  ...zhCNLessons,
  ...zhCNLocationsCore,
  ...zhCNMakeUps,
  ...zhCNPlaces,
  ...zhCNSiteLimits,
  ...zhCNLocationReports,
  ...zhCNLocations,
  ...zhCNIdempotency,
  ...zhCNMessageVolume,
  ...zhCNWebhooks,
  ...zhCNCatchUp,
  ...zhCNHouseholdSites,
} as const;
