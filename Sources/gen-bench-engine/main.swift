import MustacheEngine

print("placeholder")
