/**
 * Listing filters: submit the GET form as soon as a filter, the sort or a price changes (the URL then holds
 * the whole state, so links are shareable and Back works), leaving empty fields out of the URL.
 */
const form = document.querySelector<HTMLFormElement>('form[data-listing-form]');
if (form) {
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    // A sub-category belongs to the category that was selected: a new category drops it.
    if (target.name === 'category')
      for (const sub of form.querySelectorAll<HTMLInputElement>('input[name="subCategory"]')) sub.checked = false;
    form.requestSubmit();
  });
  // Controls outside the form (sort, price range) join it through their form= attribute.
  for (const control of document.querySelectorAll<HTMLElement>(`[form="${form.id}"]`)) {
    control.addEventListener('change', () => form.requestSubmit());
  }
  form.addEventListener('formdata', (event) => {
    for (const [key, value] of [...event.formData.entries()]) if (value === '') event.formData.delete(key);
  });
}
