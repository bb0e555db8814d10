// Every area's texts at once, for component tests (vitest.config.ts lists this setup file): in the
// app they load with the code that shows them.
import '@/app/messages';
import '@/features/alerts/messages';
import '@/features/map/messages';
import '@/features/market/messages';
import '@/features/offline/messages';
import '@/features/properties/messages';
import '@/features/saved-searches/messages';
import '@/features/uf/messages';
import '@/features/users/messages';
import '@/features/waitlist/messages';
