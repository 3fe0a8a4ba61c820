// A field's name as the panel and its messages say it. Pure.
/** "onTap" -> "On tap", "imageUrl" -> "Image url". */
export const humanize = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
