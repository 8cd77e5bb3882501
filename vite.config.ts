import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br (quality 11) and .gz (level 9) next to each compressible client file, so the
 * server sends the smallest encoding without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: "agency-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment?.name !== "client" || !options.dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg|json|txt|xml)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const fullPath = path.join(options.dir!, file);
          const source = await readFile(fullPath);
          if (source.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(`${fullPath}.br`, br),
            writeFile(`${fullPath}.gz`, gzipped),
          ]);
        }),
      );
    },
  };
}

/** The islands pages' one script (docs/decisions/0039), built with the client's files. */
const ISLANDS_ENTRY = "app/islands/main.ts";
const ISLANDS_MODULE = "virtual:agency-islands";
/** Its built file, set by the client build for the server build that follows in this process. */
let islandsScript: string | undefined;

/**
 * Builds app/islands/main.ts as an entry of the browser's build (React Router's plugin adds
 * only the routes and its own entry) and hands its hashed address to the server's render
 * through `virtual:agency-islands`. In the dev server it is the source file, which Vite serves.
 */
function islands(): Plugin {
  const entry = path.resolve(ISLANDS_ENTRY);
  return {
    name: "agency-islands",
    buildStart() {
      if (this.environment?.name === "client" && this.environment.mode === "build") {
        this.emitFile({ type: "chunk", id: entry, name: "islands" });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && file.facadeModuleId === entry)
          islandsScript = `/${file.fileName}`;
      }
    },
    resolveId(id) {
      return id === ISLANDS_MODULE ? `\0${ISLANDS_MODULE}` : undefined;
    },
    load(id) {
      if (id !== `\0${ISLANDS_MODULE}`) return undefined;
      if (this.environment?.mode === "dev") return `export default "/${ISLANDS_ENTRY}";`;
      // The browser never renders an islands page's script tag: only the server does.
      if (this.environment?.name === "client") return `export default "";`;
      if (!islandsScript) this.error("the islands script must be built before the server");
      return `export default ${JSON.stringify(islandsScript)};`;
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    islands(),
    fastifyReactRouterDev({ entry: "./server/dev.ts", externalizeServerEntryImports: false }),
    precompress(),
  ],
  server: {
    // The dev server restarts the Fastify app on every watched change: keep the
    // database, uploads and test output out of its sight.
    watch: {
      ignored: ["**/data/**", "**/.tmp/**", "**/test-results/**", "**/build*/**", "**/*.log"],
    },
  },
  build: {
    // Every asset is a file of its own, except the web font's cut (app/fonts, 13 KB), which
    // comes inside the stylesheet: the first paint has it, with no request of its own, no
    // swap of faces, and no round trips of a new connection before the largest paint.
    assetsInlineLimit: (file: string) => file.endsWith("/app/fonts/plus-jakarta-sans-core.woff2"),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger files for the browser: every file costs a request, and on a slow
            // mobile connection the round trips cost more than the bytes. React and the
            // router in one file; the app's modules that two or more pages share in another.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 20,
                },
                {
                  name: "islands-lib",
                  // What the islands pages' script (app/islands/) shares with React's pages:
                  // plain modules, kept out of `shared`, whose React components would bring
                  // the framework to those pages (scripts/islands-build.test.ts checks).
                  // Vite's helper for dynamic imports too.
                  // The forms' watcher (app/islands/forms.ts) too: its code comes with this
                  // chunk, and only the forms' own code (forms-submit) is a file of its own.
                  test: /[\\/]app[\\/]lib[\\/](beacon|lead-source|staff-token|pending-text|reveal-on-scroll|site-header|when-idle)\.|[\\/]app[\\/]islands[\\/]forms\.|[\\/]common[\\/](lead-source|traffic-beacon|messages)\.|vite[\\/]preload-helper/,
                  priority: 18,
                },
                {
                  name: "islands-parts",
                  // The behaviour of the public pages' widgets (FAQ, carousels, parallax, the
                  // enquiry tab, the home page's sections): plain modules that React's
                  // components and app/islands/ both call, out of `shared` for the same reason.
                  test: /[\\/]app[\\/]lib[\\/](faq-accordion|parallax|image-carousel|testimonial-carousel|sections-when-idle|floating-enquiry)\./,
                  priority: 17,
                },
                {
                  name: "form-text",
                  // What the islands pages' forms (app/islands/forms-submit.ts) share with
                  // React's: the payloads, the field registry, the messages. Plain modules,
                  // kept out of `forms`, whose React components would bring the framework.
                  test: /[\\/]app[\\/](components[\\/]forms[\\/]form-text|lib[\\/](enquiry-payload|newsletter-messages))\.|[\\/]common[\\/]enquiry-fields\./,
                  priority: 17,
                },
                {
                  name: "shared",
                  // What the layout (header, footer, error pages) and most pages use, and
                  // Vite's helper for dynamic imports. Not the back office's modules, nor the
                  // schemas (they bring zod, which the public pages load only when a form is
                  // first used), nor the forms (below), nor what one or two pages show: those
                  // stay with the pages that use them.
                  test: (id: string) =>
                    (/[\\/]app[\\/](components[\\/](layout|ui|sections)[\\/]|lib[\\/]|copy[\\/]services-copy\.|components[\\/]forms[\\/]outbox-sender)|[\\/]common[\\/](site-config|lead-source|messages)\./.test(
                      id,
                    ) ||
                      /vite[\\/]preload-helper/.test(id)) &&
                    !/[\\/](admin|schemas)[\\/]|admin-api|lib[\\/](outbox|form-result|enquiry-payload|newsletter-messages|admin-meta|feeds)|sections[\\/](team-grid|lets-get-started|service-cards)|ui[\\/](whatsapp-link|price)\./.test(
                      id,
                    ),
                  minShareCount: 2,
                  priority: 16,
                },
                {
                  name: "form-shells",
                  // The light stand-ins of the public forms that pages with a form render
                  // (deferred-forms.tsx), and the package form's options and anchor, which the
                  // service pages import at once. Before `forms`: a group also takes in what
                  // its modules import, and these must not pull the pages into that chunk.
                  test: /[\\/]app[\\/](components[\\/]forms[\\/](deferred-forms|enquiry-form|use-form-result)\.|lib[\\/]form-result\.|copy[\\/]packages-copy\.)/,
                  priority: 15,
                },
                {
                  name: "outbox",
                  // Imported after hydration on every page (OutboxSender) and by the forms.
                  test: /[\\/]app[\\/]lib[\\/]outbox(-messages)?\.|node_modules[\\/]idb-keyval[\\/]/,
                  priority: 14,
                },
                {
                  name: "format",
                  // Dates and prices as the public pages write them, with the site's time
                  // zone they depend on: one chunk, so the back office importing the zone
                  // alone (the Traffic screen) does not split it into a file of its own
                  // that the blog would then load as well.
                  test: /[\\/]common[\\/](format|time-zone)\./,
                  priority: 12,
                },
                {
                  name: "forms",
                  // The public forms' enhancement (submit handling, fields, payloads): not in
                  // a page's first scripts, loaded when a form is about to be used
                  // (docs/decisions/0016).
                  test: /[\\/]app[\\/](components[\\/]forms[\\/](enhanced|enquiry-form-enhanced|signup-form-enhanced|fields|use-form-submit)\.|lib[\\/](enquiry-payload|newsletter-messages)\.)|[\\/]common[\\/]enquiry-fields\./,
                  priority: 13,
                },
              ],
            },
          },
        },
      },
    },
  },
});
