"""microcoder_data"""
