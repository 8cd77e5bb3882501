import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { MAX_TAG_LENGTH, MAX_TAGS } from "../../../common/schemas/blog.ts";
import { slugify } from "../../../common/slug.ts";
import { listTags } from "../../lib/admin/blogs.ts";
import { adminInput, adminLabel } from "./ui.tsx";

/**
 * A post's tags as chips: type a name, Enter or a comma adds it (leaving the field adds
 * what was typed too), Backspace in the empty field or a chip's × removes one. Known tags
 * are suggested (a datalist); a name of the same slug as a chip's is not added twice.
 */
export function TagInput({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [known, setKnown] = useState<string[]>([]);
  useEffect(() => {
    listTags().then(
      (tags) => setKnown(tags.map((tag) => tag.name)),
      () => setKnown([]), // Suggestions are a help: without them the field still works.
    );
  }, []);
  const full = value.length >= MAX_TAGS;

  function add(typed: string) {
    const slugs = new Set(value.map(slugify));
    const next = [...value];
    for (const part of typed.split(",")) {
      const name = part.replace(/\s+/g, " ").trim().slice(0, MAX_TAG_LENGTH);
      if (!name || slugs.has(slugify(name)) || next.length >= MAX_TAGS) continue;
      slugs.add(slugify(name));
      next.push(known.find((tag) => slugify(tag) === slugify(name)) ?? name);
    }
    setText("");
    if (next.length !== value.length) onChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(text);
    } else if (event.key === "Backspace" && text === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div>
      <label htmlFor={id} className={adminLabel}>
        Tags
      </label>
      {value.length > 0 && (
        <ul aria-label="Tags of this post" className="mt-1 flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm font-semibold text-brand"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((other) => other !== tag))}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand hover:text-white"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={text}
        onChange={(event) => {
          if (event.target.value.includes(",")) add(event.target.value);
          else setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => text.trim() && add(text)}
        list={`${id}-known`}
        maxLength={MAX_TAG_LENGTH}
        disabled={full}
        aria-describedby={`${id}-hint`}
        className={`${adminInput} mt-1`}
      />
      <datalist id={`${id}-known`}>
        {known
          .filter((tag) => !value.some((chosen) => slugify(chosen) === slugify(tag)))
          .map((tag) => (
            <option key={tag} value={tag} />
          ))}
      </datalist>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {full
          ? `A post can have at most ${MAX_TAGS} tags: remove one to add another.`
          : `Type a tag and press Enter or a comma; up to ${MAX_TAGS} tags of at most ${MAX_TAG_LENGTH} characters.`}
      </p>
    </div>
  );
}
